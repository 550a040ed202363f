import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import type { ActiveStore, PublicConfig, SupportSystemInfo } from '@ipos/contracts';
import { ContactForm } from '../../../features/support/components/contact-form';
import { HelpCentre } from '../../../features/support/components/help-centre';
import { SystemInfo, type SystemInfoRow } from '../../../features/support/components/system-info';
import { useActiveStore } from '../../../lib/active-store';
import { deviceTimeZone } from '../../../lib/format';
import { useAppConfig } from '../../providers';

/** What the browser says about itself; every value optional, none of it personal. */
function browserInfo() {
  return {
    userAgent: navigator.userAgent.slice(0, 500) || undefined,
    language: navigator.language || undefined,
    timeZone: deviceTimeZone(),
    screen: window.screen?.width ? `${window.screen.width}×${window.screen.height}` : undefined,
  };
}

function systemInfoOf(config: PublicConfig, store: ActiveStore | undefined) {
  const browser = browserInfo();
  const sent: SupportSystemInfo = {
    appVersion: config.version,
    environment: config.environment,
    page: window.location.pathname,
    ...browser,
  };
  const rows: SystemInfoRow[] = [
    { label: 'App version', value: `${config.appName} ${config.version} (${config.environment})` },
    { label: 'Business', value: store ? `${store.business.name} (${store.business.id})` : 'None chosen' },
    { label: 'Store', value: store ? `${store.name}, ${store.alias} (${store.id})` : 'None chosen' },
    ...(store ? [{ label: 'Your role', value: store.roleName }] : []),
    ...(browser.language ? [{ label: 'Language', value: browser.language }] : []),
    ...(browser.timeZone ? [{ label: 'Time zone', value: browser.timeZone }] : []),
    ...(browser.screen ? [{ label: 'Screen', value: browser.screen }] : []),
    ...(browser.userAgent ? [{ label: 'Browser', value: browser.userAgent }] : []),
  ];
  return { sent, rows };
}

/**
 * `/dashboard/support` (spec: support): the help centre, a message to the support team, and the
 * system information that goes with it (also to copy, for a call).
 */
export function SupportRoute() {
  const config = useAppConfig();
  const store = useActiveStore();
  const { sent, rows } = systemInfoOf(config, store.data);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Help and support</Title>
        <Text c="dimmed">How to do the everyday jobs in iPos, and how to reach us when something is wrong.</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="help-centre-title">
            <Stack gap="md">
              <Title order={2} size="h3" id="help-centre-title">
                Help centre
              </Title>
              <HelpCentre />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="contact-title">
              <Stack gap="md">
                <Stack gap={2}>
                  <Title order={2} size="h3" id="contact-title">
                    Contact support
                  </Title>
                  <Text size="sm" c="dimmed">
                    Your message goes to the iPos support team, who answer at your email address.
                  </Text>
                </Stack>
                <ContactForm systemInfo={sent} />
              </Stack>
            </Card>
            <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="system-info-title">
              <Stack gap="md">
                <Title order={2} size="h3" id="system-info-title">
                  System information
                </Title>
                <SystemInfo rows={rows} />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export { SupportRoute as Component };
