import { useEffect, type ReactNode } from 'react';
import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../../components/brand/brand';
import classes from './app-frame.module.css';
import { pathTo } from '../../../lib/route-paths';

export interface NavItem {
  id: string;
  label: string;
  to: string;
}

export interface FramePerson {
  name: string;
  /** The role in plain words ("Owner", "Manager", …). */
  roleLabel: string;
}

export interface AppFrameProps {
  /** The sections this mode and role may use, in order. */
  navItems: readonly NavItem[];
  /** The mode and store switcher (or the current context when there is nothing to switch to). */
  context: ReactNode;
  person: FramePerson | null;
  signOut: ReactNode;
  children: ReactNode;
}

/** The section a path belongs to: the dashboard only on its own page, the others on any child. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const dashboard = pathTo('dashboard.dashboard');
  if (item.to === dashboard) return pathname === dashboard || pathname === `${dashboard}/`;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/**
 * The frame of every /dashboard screen: a header (brand, mode and store, the signed-in person, sign
 * out) and the navigation, a sidebar from the `md` breakpoint and a drawer below it (tablets). On a
 * phone the header keeps every control whole on the screen: the person's name moves into the drawer,
 * sign out becomes an icon and the store's name is truncated.
 */
export function AppFrame({ navItems, context, person, signOut, children }: AppFrameProps) {
  const [isNavOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();

  // A chosen destination closes the drawer.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'md', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', md: 'xl' }}
    >
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" className={classes.fixed}>
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
              aria-expanded={isNavOpen}
              aria-controls="app-navigation"
            />
            <Link to="/dashboard" aria-label="iPos dashboard" className={classes.home}>
              <Brand />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {/* The store's name gives way (truncated) before anything leaves the screen. */}
            <Box miw={0}>{context}</Box>
            {person && (
              <Stack gap={0} visibleFrom="sm" className={classes.person} data-testid="signed-in-person">
                <Text size="sm" fw={600} truncate="end" maw={200}>
                  {person.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end" maw={200}>
                  {person.roleLabel}
                </Text>
              </Stack>
            )}
            <Box className={classes.fixed}>{signOut}</Box>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="sm"
        id="app-navigation"
        aria-label="Main navigation"
        component="nav"
        className={classes.navbar}
        data-drawer-closed={isNavOpen ? undefined : true}
      >
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={2}>
            {navItems.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <NavLink
                  key={item.id}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  className={classes.navLink}
                  variant="light"
                />
              );
            })}
          </Stack>
        </AppShell.Section>
        {person && (
          <AppShell.Section hiddenFrom="sm" pt="sm">
            <Text size="sm" fw={600}>
              {person.name}
            </Text>
            <Text size="xs" c="dimmed">
              {person.roleLabel}
            </Text>
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
