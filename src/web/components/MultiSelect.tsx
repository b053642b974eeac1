/**
 * A compact multi-choice field (Chakra's Select with `multiple`): a closed trigger that says what is
 * chosen (« Toutes » when nothing, the name when one, « 3 organisations » past that), a list of
 * ticked options when open, and a clear button. For filters, where a list of checkboxes would take
 * the page (the documents list's organisations and employee groups).
 */
import { Portal, Select, createListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';

export interface MultiSelectOption {
  readonly value: string;
  readonly label: string;
  /** Indentation steps (a tree shown as a list). */
  readonly depth?: number;
}

export const MultiSelect = ({
  label,
  options,
  value,
  onChange,
  noneText,
  manyText,
  clearText,
}: {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** What the closed field says when nothing is chosen (« Toutes les organisations »). */
  noneText: string;
  /** What it says when several are chosen (« 3 organisations »). */
  manyText: (count: number) => string;
  clearText: string;
}) => {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  const chosen = value.filter((v) => options.some((o) => o.value === v));
  const summary =
    chosen.length === 0
      ? noneText
      : chosen.length === 1
        ? (options.find((o) => o.value === chosen[0])?.label ?? noneText)
        : manyText(chosen.length);
  return (
    <Select.Root
      multiple
      size="sm"
      collection={collection}
      value={chosen}
      onValueChange={(details) => onChange(details.value)}
      positioning={{ sameWidth: false }}
      minW="0"
    >
      <Select.HiddenSelect />
      <Select.Label>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText truncate>{summary}</Select.ValueText>
        </Select.Trigger>
        <Select.IndicatorGroup>
          {chosen.length > 0 ? <Select.ClearTrigger aria-label={clearText} /> : null}
          <Select.Indicator />
        </Select.IndicatorGroup>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content maxH="20rem" minW="14rem">
            {collection.items.map((option) => (
              <Select.Item item={option} key={option.value} ps={`${0.75 + (option.depth ?? 0) * 0.9}rem`}>
                <Select.ItemText>{option.label}</Select.ItemText>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
    </Select.Root>
  );
};
