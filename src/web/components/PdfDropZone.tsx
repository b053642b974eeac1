/**
 * Drop or pick files: PDFs (campaign documents, mask samples, deposited documents, a signbook's document)
 * or, with `accept`, other files (a DSN). It only collects the files: each caller checks them (PDFs with
 * `refusalOf`, pdfFile.ts) and lists what it refused.
 */
import { Box, Button, Text, VisuallyHidden } from '@chakra-ui/react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface PdfDropZoneProps {
  /** Translated texts: the invitation to drop, the pick button, the input's label, a hint below. */
  readonly texts: { readonly drop: string; readonly pick: string; readonly label: string; readonly hint?: string };
  readonly onFiles: (files: File[]) => void;
  readonly disabled?: boolean;
  readonly multiple?: boolean;
  /** The file input's `accept` (PDFs by default). */
  readonly accept?: string;
  readonly testId?: string;
  /** Roomier padding from the md breakpoint (the campaign's main drop zone). */
  readonly large?: boolean;
  readonly children?: ReactNode;
}

export const PdfDropZone = ({
  texts,
  onFiles,
  disabled,
  multiple = true,
  accept = 'application/pdf,.pdf',
  testId,
  large,
  children,
}: PdfDropZoneProps) => {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(e.dataTransfer.files));
  };

  return (
    <Box
      data-testid={testId}
      w="full"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'blue.500' : 'border'}
      bg={over ? 'blue.500/5' : undefined}
      rounded="md"
      p={large ? { base: '4', md: '8' } : '4'}
      textAlign="center"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Text fontWeight="medium">{texts.drop}</Text>
      <Button mt="3" size="sm" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        {texts.pick}
      </Button>
      <VisuallyHidden>
        <label htmlFor={inputId}>{texts.label}</label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            onFiles(files);
          }}
        />
      </VisuallyHidden>
      {texts.hint ? (
        <Text mt="2" fontSize="xs" color="fg.muted">
          {texts.hint}
        </Text>
      ) : null}
      {children}
    </Box>
  );
};
