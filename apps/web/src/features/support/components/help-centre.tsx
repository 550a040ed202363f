import { Accordion, Stack } from '@mantine/core';
import { topics } from './help-topics';
import { KeyboardShortcuts } from './keyboard-shortcuts';

/** The help centre: each everyday job step by step, then the keyboard shortcuts. */
export function HelpCentre() {
  return (
    <Stack gap="md">
      <Accordion variant="separated" multiple>
        {topics.map((topic) => (
          <Accordion.Item key={topic.id} value={topic.id}>
            <Accordion.Control>{topic.title}</Accordion.Control>
            <Accordion.Panel>{topic.body}</Accordion.Panel>
          </Accordion.Item>
        ))}
        <Accordion.Item value="shortcuts">
          <Accordion.Control>Keyboard shortcuts</Accordion.Control>
          <Accordion.Panel>
            <KeyboardShortcuts />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
