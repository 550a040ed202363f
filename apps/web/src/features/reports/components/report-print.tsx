import { createPortal } from 'react-dom';
import { reportStoresLabel, type CurrencyCode, type ReportDocument } from '@ipos/contracts';
import { formatGeneratedAt, formatReportRange, formatReportValue, isNumeric } from './report-format';
import classes from './report-print.module.css';

/**
 * A report's print copy: a portal on <body> that only print shows (report-print.module.css), with
 * the figures and every table of the report's document in full — the same document the CSV and the
 * PDF are made from. The screen's charts and controls are not printed.
 */
export function ReportPrintCopy({ document }: { document: ReportDocument }) {
  const currency = document.scope.currency as CurrencyCode;
  const timeZone = document.scope.stores[0]?.timeZone;
  return createPortal(
    <div className={classes.printCopy} data-testid="report-print-copy">
      <div className={classes.header}>
        <div>
          <h1 style={{ margin: 0, fontSize: '16pt' }}>{document.title}</h1>
          <div>{reportStoresLabel(document.scope)}</div>
        </div>
        <div style={{ textAlign: 'right' }}>
          <div>{formatReportRange(document.scope)}</div>
          <div style={{ fontSize: '8pt' }}>Read {formatGeneratedAt(document.scope.generatedAt, timeZone)}</div>
        </div>
      </div>
      {document.figures.length > 0 ? (
        <div className={classes.figures}>
          {document.figures.map((f) => (
            <div key={f.key}>
              <div className={classes.figureLabel}>{f.label}</div>
              <div className={classes.figureValue}>{formatReportValue(f.value, f.format, currency)}</div>
            </div>
          ))}
        </div>
      ) : null}
      {document.tables.map((table) => (
        <section key={table.key}>
          <h2 className={classes.tableTitle}>{table.title}</h2>
          <table className={classes.table}>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th key={c.key} className={isNumeric(c.format) ? classes.number : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.length === 0 ? (
                <tr>
                  <td colSpan={table.columns.length}>Nothing in this period.</td>
                </tr>
              ) : (
                table.rows.map((row, i) => (
                  <tr key={i}>
                    {table.columns.map((c) => (
                      <td key={c.key} className={isNumeric(c.format) ? classes.number : undefined}>
                        {formatReportValue(row[c.key] ?? null, c.format, currency)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
            {table.totals && table.rows.length > 0 ? (
              <tfoot>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c.key} className={isNumeric(c.format) ? classes.number : undefined}>
                      {table.totals![c.key] === undefined
                        ? ''
                        : formatReportValue(table.totals![c.key] ?? null, c.format, currency)}
                    </th>
                  ))}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </section>
      ))}
    </div>,
    globalThis.document.body,
  );
}
