/** A multi-select as a list of checkboxes (user groups, document types, employee groups). */
import { Box, Stack, Text } from '@chakra-ui/react';
import { Check } from './Check.tsx';

export const ChoiceList = ({
  label,
  choices,
  selected,
  onChange,
  emptyText,
  disabled = false,
}: {
  label: string;
  choices: readonly { readonly value: string; readonly label: string }[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  emptyText: string;
  disabled?: boolean;
}) => {
  if (choices.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  const set = new Set(selected);
  return (
    <Stack
      as="ul"
      role="list"
      aria-label={label}
      gap="0"
      m="0"
      p="0"
      borderWidth="1px"
      rounded="md"
      maxH="16rem"
      overflowY="auto"
    >
      {choices.map((c) => (
        <Box
          as="li"
          key={c.value}
          listStyleType="none"
          px="3"
          py="1.5"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: 0 }}
        >
          <Check
            checked={set.has(c.value)}
            disabled={disabled}
            label={c.label}
            onChange={(on) => onChange(on ? [...selected, c.value] : selected.filter((v) => v !== c.value))}
          />
        </Box>
      ))}
    </Stack>
  );
};
