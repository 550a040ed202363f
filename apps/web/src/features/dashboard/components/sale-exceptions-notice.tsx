import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { pathTo } from '../../../lib/route-paths';

/**
 * Sales made while a till was offline that the server accepted with a difference (stock below zero,
 * an old price, an item archived since) and nobody has looked into yet: a notice with the count and
 * a link to review them, only when there are any.
 */
export function SaleExceptionsNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Alert color="orange" variant="light" title="Sales made offline to review" data-testid="sale-exceptions-notice">
      {count === 1
        ? '1 difference from a sale made offline is waiting'
        : `${formatCount(count)} differences from sales made offline are waiting`}{' '}
      (stock below zero, an old price or an archived item).{' '}
      <Anchor component={Link} to={pathTo('dashboard.report.sale-exceptions')}>
        Review {count === 1 ? 'it' : 'them'}
      </Anchor>
    </Alert>
  );
}
