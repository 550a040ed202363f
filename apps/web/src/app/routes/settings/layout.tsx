import { Box, Button, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { useActiveStore } from '../../../lib/active-store';
import { currentSettingsLink, settingsLinks } from '../../settings-links';

/**
 * Every settings child in one frame: the children the person may open in the active store — a rail
 * beside the page on a till-sized screen, a row of links above it on a tablet — and the page itself.
 * Each screen still checks its own permission (and the API enforces it).
 */
export function SettingsLayout() {
  const store = useActiveStore();
  const { pathname } = useLocation();
  const links = store.data ? settingsLinks(store.data.id, store.data.permissions) : [];
  const current = currentSettingsLink(links, pathname);
  if (links.length === 0) return <Outlet />;

  return (
    <Stack gap="md">
      <Box component="nav" aria-label="Settings" hiddenFrom="lg">
        <ScrollArea type="auto" offsetScrollbars>
          <Group gap={4} wrap="nowrap">
            {links.map((link) => (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                size="compact-sm"
                variant={link === current ? 'light' : 'subtle'}
                aria-current={link === current ? 'page' : undefined}
              >
                {link.label}
              </Button>
            ))}
          </Group>
        </ScrollArea>
      </Box>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box component="nav" aria-label="Settings" visibleFrom="lg" w={200} style={{ flexShrink: 0 }}>
          {links.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              active={link === current}
              aria-current={link === current ? 'page' : undefined}
            />
          ))}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Group>
    </Stack>
  );
}

export { SettingsLayout as Component };
