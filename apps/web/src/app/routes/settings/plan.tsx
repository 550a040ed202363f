import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import {
  formatStoreDateTime,
  planResourceLabels,
  planResources,
  type BusinessPlan,
  type PlanSummary,
} from '@ipos/contracts';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { describeApiError, showApiError, toast } from '../../../components/toast';
import { useBusinessPlan, useChangePlan } from '../../../features/plans/api/plans';
import { PlanComparison, priceText } from '../../../features/plans/components/plan-comparison';
import { PlanUsage } from '../../../features/plans/components/plan-usage';
import { isApiError } from '../../../lib/api-client';
import { useStoreTimeZone } from '../../../lib/active-store';
import { formatCount } from '../../../lib/format';
import { WithActiveStore } from '../with-active-store';
import { NoAccess } from '../../../components/feedback/no-access';

/** "up to 3 stores, 15 active staff members, …": what a plan allows, in words. */
function allowance(plan: PlanSummary) {
  const parts = planResources.map((r) =>
    r === 'salesPerMonth'
      ? `${formatCount(plan.limits[r])} sales a month`
      : `${formatCount(plan.limits[r])} ${plan.limits[r] === 1 ? planResourceLabels[r].unit : planResourceLabels[r].units}`,
  );
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function ChangePlanDialog({
  data,
  target,
  onClose,
}: {
  data: BusinessPlan;
  target: PlanSummary | null;
  onClose: () => void;
}) {
  const change = useChangePlan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    if (!target) return;
    setRefusal(null);
    try {
      const saved = await change.mutateAsync({ version: data.version, plan: target.id });
      toast.show({ type: 'success', message: `The business is now on the ${saved.plan.name} plan.` });
      close();
    } catch (error) {
      // The plan is smaller than what the business holds: say what is over, here, where the choice was made.
      if (isApiError(error) && error.code === 'PLAN_LIMIT_REACHED') setRefusal(describeApiError(error));
      else {
        showApiError(error, 'Could not change the plan');
        close();
      }
    }
  };
  return (
    <Modal opened={target !== null} onClose={close} title={target ? `Change to the ${target.name} plan?` : ''}>
      {target && (
        <Stack gap="md">
          <Text>
            The business moves from {data.plan.name} to {target.name} now: up to {allowance(target)}.{' '}
            {target.price.amountMinor === 0 ? 'It costs nothing.' : `It costs ${priceText(target)}.`}
          </Text>
          <Text size="sm" c="dimmed">
            No payment is taken in iPos; billing follows the plan the business is on.
          </Text>
          {refusal && (
            <Alert color="red" variant="light" role="alert" title={`The ${target.name} plan is too small`}>
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep {data.plan.name}
            </Button>
            <Button loading={change.isPending} disabled={refusal !== null} onClick={() => void confirm()}>
              Change to {target.name}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function PlanPage() {
  const plan = useBusinessPlan();
  const timeZone = useStoreTimeZone();
  const [target, setTarget] = useState<PlanSummary | null>(null);
  return (
    <WhenLoaded query={plan} loadingLabel="Loading the plan" errorTitle="The plan could not be read">
      {(data) => (
        <Stack gap="lg">
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="current-plan-title">
            <Stack gap="md">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Title order={2} size="h3" id="current-plan-title">
                    {data.plan.name} plan
                  </Title>
                  <Text c="dimmed">{data.plan.summary}</Text>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Badge size="lg" variant="light" data-testid="current-plan">
                    {data.plan.name}
                  </Badge>
                  <Text size="sm">{priceText(data.plan)}</Text>
                  {data.changedAt && (
                    <Text size="xs" c="dimmed">
                      Since {formatStoreDateTime(data.changedAt, timeZone)}
                    </Text>
                  )}
                </Stack>
              </Group>
              <PlanUsage usage={data.usage} limits={data.plan.limits} />
            </Stack>
          </Card>
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="plans-title">
            <Stack gap="md">
              <Stack gap={2}>
                <Title order={2} size="h3" id="plans-title">
                  Compare plans
                </Title>
                <Text size="sm" c="dimmed">
                  A change applies at once. Prices are per month, in the business’s currency where we list it (naira,
                  Kenyan and Tanzanian shillings) and in US dollars otherwise.
                </Text>
              </Stack>
              <PlanComparison data={data} onChoose={setTarget} />
            </Stack>
          </Card>
          <ChangePlanDialog data={data} target={target} onClose={() => setTarget(null)} />
        </Stack>
      )}
    </WhenLoaded>
  );
}

/** `/dashboard/settings/plan`: the business's plan, its usage and a plan change (settings.plan, administrators). */
export function PlanRoute() {
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Plan</Title>
        <Text c="dimmed">What the business may hold on its plan, and what it uses of each limit.</Text>
      </Stack>
      <WithActiveStore>
        {(store) => (store.permissions.includes('settings.plan') ? <PlanPage /> : <NoAccess />)}
      </WithActiveStore>
    </Stack>
  );
}

export { PlanRoute as Component };
