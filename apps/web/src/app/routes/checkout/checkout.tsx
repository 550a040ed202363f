import { Card, Text } from '@mantine/core';
import { CheckoutScreen } from '../../../features/checkout/components/checkout-screen';
import { useWorkingContext } from '../../working-context';

/** `/dashboard/checkout`: the register of the active store. */
export function CheckoutRoute() {
  const { me, session } = useWorkingContext();
  if (!session.storeId || session.isAdmin)
    return (
      <Card withBorder padding="lg" radius="md">
        <Text>Choose a store to sell in: the register belongs to a store.</Text>
      </Card>
    );
  return <CheckoutScreen key={session.storeId} storeId={session.storeId} accountId={me.data?.account.id} />;
}

export { CheckoutRoute as Component };
