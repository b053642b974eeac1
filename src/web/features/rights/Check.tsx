/**
 * A native checkbox with its label: keyboard, forms and test tools understand it without adapters
 * (as the shared table's row checkboxes). `label` is visible; `ariaLabel` names it when the visible
 * text is not enough on its own (a matrix cell).
 */
import { chakra, HStack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef } from 'react';

export const Check = ({
  checked,
  indeterminate = false,
  disabled = false,
  label,
  ariaLabel,
  onChange,
  hint,
}: {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  label?: ReactNode;
  ariaLabel?: string;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) => {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <HStack as="label" gap="2" align="center" cursor={disabled ? 'default' : 'pointer'} minH="6" minW="0">
      <chakra.input
        ref={ref}
        type="checkbox"
        w="4"
        h="4"
        flexShrink={0}
        cursor="inherit"
        css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {label !== undefined ? (
        <Text as="span" fontSize="sm" color={disabled ? 'fg.muted' : undefined} minW="0">
          {label}
          {hint ? (
            <Text as="span" display="block" fontSize="xs" color="fg.muted">
              {hint}
            </Text>
          ) : null}
        </Text>
      ) : null}
    </HStack>
  );
};
