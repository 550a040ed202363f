import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';
import { pathTo } from '../../../lib/route-paths';
import { useOpenSaleExceptionCount } from './sale-exceptions-api';

/**
 * The stock screen's notice: items sold offline that took stock below zero and nobody has looked
 * into yet, with a link to them. Shown only to people who read the list (reports.view), only when
 * there are any.
 */
export function SoldBelowZeroNotice({ canReview }: { canReview: boolean }) {
  const count = useOpenSaleExceptionCount('sold_offline_below_zero', canReview);
  if (!canReview || count === 0) return null;
  return (
    <Alert color="orange" variant="light" title="Sold offline below zero" data-testid="sold-below-zero-notice">
      {count === 1 ? '1 item was' : `${formatCount(count)} items were`} sold offline with no stock left to take.{' '}
      <Anchor component={Link} to={pathTo('dashboard.report.sale-exceptions', {}, { kind: 'sold_offline_below_zero' })}>
        Review {count === 1 ? 'it' : 'them'}
      </Anchor>
    </Alert>
  );
}
