import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../lib/route-paths';

const tabs = [
  { value: 'staff', label: 'Staff', path: pathTo('dashboard.settings.users-and-permissions') },
  { value: 'roles', label: 'Roles', path: pathTo('dashboard.settings.users-and-permissions/roles') },
] as const;

/** The heading of `users-and-permissions` and its roles page, with a tab to move between the two. */
export function UsersAndPermissionsHeader({ active }: { active: (typeof tabs)[number]['value'] }) {
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={1}>Users and permissions</Title>
        <Text c="dimmed">
          {active === 'staff'
            ? 'The people who work in the business, their roles and stores.'
            : 'What each role allows. System roles are fixed; custom roles hold exactly the permissions you choose.'}
        </Text>
      </Stack>
      <Tabs value={active} onChange={(value) => void navigate(tabs.find((t) => t.value === value)!.path)}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Stack>
  );
}
