import { Anchor, Box, Container, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../../components/brand/brand';
import { BadgesSection, MoneySection, TableSection } from './showcase/data-sections';
import { ButtonsSection, InputsSection, ToastSection } from './showcase/form-sections';
import { sections } from './showcase/section';
import { StatesSection, TruncationSection } from './showcase/state-sections';

/** `/all-components`: the app's own kit, every piece in each of its states. Public. */
export function AllComponentsRoute() {
  return (
    <Box bg="gray.0" mih="100dvh">
      <Container size="lg" component="main" id="main" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="md" wrap="nowrap">
              <Brand />
              <Title order={1} size="h2">
                Component showcase
              </Title>
            </Group>
            <Anchor component={Link} to="/" fw={600}>
              Back to sign in
            </Anchor>
          </Group>
          <Box component="nav" aria-label="Showcase sections">
            <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Anchor href={`#${section.id}`}>{section.title}</Anchor>
                </li>
              ))}
            </Group>
          </Box>
          <ButtonsSection />
          <InputsSection />
          <ToastSection />
          <TableSection />
          <BadgesSection />
          <MoneySection />
          <StatesSection />
          <TruncationSection />
        </Stack>
      </Container>
    </Box>
  );
}

export { AllComponentsRoute as Component };
