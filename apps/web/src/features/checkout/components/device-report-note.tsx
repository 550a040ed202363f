import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import type { RegisterDeviceReport } from '@ipos/contracts';
import { formatAgo, formatCount } from '../../../lib/format';

/** The time now, read again every 30 s so "reported 3 min ago" keeps up while the screen is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const sales = (n: number) => (n === 1 ? '1 sale' : `${formatCount(n)} sales`);

/**
 * What the till's device last said it holds of this session: sales waiting to reach the server and
 * sales refused that need attention, and when it said so. Nothing before a device has reported.
 */
export function DeviceReportNote({
  report,
  timeZone,
}: {
  report: RegisterDeviceReport | null | undefined;
  timeZone: string | undefined;
}) {
  const now = useMinuteClock();
  if (!report) return null;
  const parts = [
    report.pendingSales > 0 ? `${sales(report.pendingSales)} waiting on the till` : 'No sales waiting on the till',
  ];
  if (report.needsAttention > 0)
    parts.push(`${sales(report.needsAttention)} ${report.needsAttention === 1 ? 'needs' : 'need'} attention`);
  parts.push(`reported ${formatAgo(report.reportedAt, now, timeZone)}`);
  const stuck = report.pendingSales > 0 || report.needsAttention > 0;
  return (
    <Text size="xs" c={stuck ? 'orange.8' : 'dimmed'} fw={stuck ? 600 : undefined} data-testid="device-report">
      {parts.join(' · ')}
    </Text>
  );
}
