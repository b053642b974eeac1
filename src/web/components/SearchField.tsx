import { Field, Input, InputGroup } from '@chakra-ui/react';
import { useId } from 'react';
import { SearchIcon } from './icons.tsx';

/** A labelled search box with its magnifier, as every list and picker shows it. */
export const SearchField = ({
  label,
  value,
  onChange,
  maxW,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxW?: string;
}) => {
  const id = useId();
  return (
    <Field.Root {...(maxW ? { maxW } : {})}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <InputGroup startElement={<SearchIcon />}>
        <Input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
      </InputGroup>
    </Field.Root>
  );
};
