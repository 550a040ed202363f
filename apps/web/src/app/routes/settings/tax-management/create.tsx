import { Anchor, Card, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../../components/toast';
import { useCreateTaxRate } from '../../../../features/taxes/api/tax-rates';
import { CreateTaxRateForm } from '../../../../features/taxes/components/tax-rate-form';
import { useWorkingContext } from '../../../working-context';
import { NoAccess } from '../../../../components/feedback/no-access';
import { pathTo } from '../../../../lib/route-paths';

const LIST_PATH = pathTo('dashboard.settings.tax-management');

/** `/dashboard/settings/tax-management/create`: a new tax rate (settings.tax). */
export function CreateTaxRateRoute() {
  const { access } = useWorkingContext();
  const navigate = useNavigate();
  const create = useCreateTaxRate();
  const back = () => void navigate(LIST_PATH);
  return (
    <Stack gap="lg" maw={560}>
      <Anchor component={Link} to={LIST_PATH} size="sm">
        ← Tax management
      </Anchor>
      <Title order={1}>New tax rate</Title>
      <Card withBorder padding="lg" radius="md">
        {access.permissions.includes('settings.tax') ? (
          <CreateTaxRateForm
            onCancel={back}
            onSubmit={async (body) => {
              const rate = await create.mutateAsync(body);
              toast.show({ type: 'success', message: `Created ${rate.name}.` });
              back();
            }}
          />
        ) : (
          <NoAccess />
        )}
      </Card>
    </Stack>
  );
}

export { CreateTaxRateRoute as Component };
