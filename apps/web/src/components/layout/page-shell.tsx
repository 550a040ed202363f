import type { ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../brand/brand';
import classes from './page-shell.module.css';

/** The frame of a signed-in screen: a header with the brand and actions, then the content. */
export function PageShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <Box mih="100dvh" className={classes.root}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to="/dashboard" aria-label="iPos dashboard" className={classes.home}>
              <Brand />
            </Link>
            <Group gap="sm" wrap="nowrap">
              {actions}
            </Group>
          </Group>
        </Container>
      </header>
      <Container size="lg" component="main" id="main" py="xl">
        {children}
      </Container>
    </Box>
  );
}

/** A single centred panel (landing, not found, callbacks). */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" id="main" className={classes.centered}>
      {children}
    </Box>
  );
}
