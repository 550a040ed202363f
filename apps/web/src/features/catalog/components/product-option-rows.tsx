import { ActionIcon, Button, Group, TagsInput, Text, TextInput } from '@mantine/core';
import { MAX_OPTIONS } from '@ipos/contracts';
import { newKey, type FormErrors, type OptionRow } from './product-form-values';

/** The options (name and values each); changing them regenerates the variant grid. */
export function OptionRows({
  options,
  errors,
  setOptions,
}: {
  options: OptionRow[];
  errors: FormErrors;
  setOptions: (options: OptionRow[]) => void;
}) {
  return (
    <>
      {options.map((option, i) => (
        <Group key={option.key} align="flex-start" wrap="nowrap" gap="sm">
          <TextInput
            label={`Option ${i + 1}`}
            placeholder="Size"
            name={`options.${i}.name`}
            w={180}
            value={option.name}
            maxLength={30}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setOptions(options.map((o, j) => (j === i ? { ...o, name } : o)));
            }}
            error={errors[`options.${i}.name`]}
          />
          <TagsInput
            label="Values"
            placeholder="Type a value and press Enter"
            name={`options.${i}.values`}
            style={{ flex: 1 }}
            value={option.values}
            onChange={(vals) => setOptions(options.map((o, j) => (j === i ? { ...o, values: vals } : o)))}
            error={errors[`options.${i}.values`]}
            splitChars={[',']}
            clearable
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={`Remove option ${option.name || i + 1}`}
            onClick={() => setOptions(options.filter((_, j) => j !== i))}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      {errors.options ? (
        <Text size="sm" c="red" role="alert">
          {errors.options}
        </Text>
      ) : null}
      {options.length < MAX_OPTIONS ? (
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          onClick={() => setOptions([...options, { key: newKey(), name: '', values: [] }])}
        >
          Add option
        </Button>
      ) : null}
    </>
  );
}
