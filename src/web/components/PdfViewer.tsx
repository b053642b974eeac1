/**
 * A PDF shown page by page with pdf.js: previous/next page, zoom in/out, fit to width (the default,
 * so it works from 600 px up). pdf.js is loaded on first use only (`await import`), its worker
 * served by Vite as a file of its own (`?url`). Reused by the campaign document page, signbooks and masks.
 */
import { Box, Button, HStack, IconButton, Text } from '@chakra-ui/react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPdfjs } from './pdfjs.ts';

const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;

export interface PdfViewerProps {
  /** The PDF's bytes (copied before pdf.js takes them); null while they load. */
  readonly data: Uint8Array | null;
  /** Accessible name of the viewer region. */
  readonly label?: string;
  /** 1-based page shown first. */
  readonly initialPage?: number;
  /** Tells the owner which page is shown (for overlays such as mask zones). */
  readonly onPageChange?: (page: number) => void;
}

export const PdfViewer = ({ data, label, initialPage = 1, onPageChange }: PdfViewerProps) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [opened, setOpened] = useState<{ data: Uint8Array; doc: PDFDocumentProxy | null } | null>(null);
  const doc = opened && opened.data === data ? opened.doc : null;
  const failed = opened !== null && opened.data === data && opened.doc === null;
  const [page, setPage] = useState(initialPage);
  /** null: fit to width; else a scale of the page's natural size (1 = 72 dpi). */
  const [zoom, setZoom] = useState<number | null>(null);
  const [width, setWidth] = useState(0);
  const [fitScale, setFitScale] = useState(1);

  useEffect(() => {
    if (!data) return;
    let cancelled = false;
    let task: { destroy(): Promise<void> } | null = null;
    loadPdfjs()
      .then((pdfjs) => {
        if (cancelled) return null;
        const loadingTask = pdfjs.getDocument({ data: data.slice() });
        task = loadingTask;
        return loadingTask.promise;
      })
      .then((d) => {
        if (!d || cancelled) return;
        setOpened({ data, doc: d });
        setPage((p) => Math.min(Math.max(1, p), d.numPages));
      })
      .catch(() => !cancelled && setOpened({ data, doc: null }));
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [data]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => onPageChange?.(page), [page]); // eslint-disable-line react-hooks/exhaustive-deps -- callback prop

  useEffect(() => {
    if (!doc || width <= 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const fit = width / base.width;
      setFitScale(fit);
      const scale = zoom ?? fit;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      c.style.width = `${Math.floor(base.width * scale)}px`;
      c.style.height = `${Math.floor(base.height * scale)}px`;
      task = p.render({ canvas: c, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width, zoom]);

  const count = doc?.numPages ?? 0;
  const scale = zoom ?? fitScale;
  return (
    <Box as="section" aria-label={label ?? t('pdfViewer.label')} w="full" minW="0">
      <HStack gap="2" wrap="wrap" mb="2">
        <IconButton
          size="sm"
          variant="outline"
          aria-label={t('pdfViewer.previous')}
          disabled={page <= 1}
          onClick={() => setPage((p) => p - 1)}
        >
          ‹
        </IconButton>
        <Text data-testid="pdf-page" aria-live="polite" minW="7rem" textAlign="center">
          {count ? t('pdfViewer.page', { page, count }) : t('common.loading')}
        </Text>
        <IconButton
          size="sm"
          variant="outline"
          aria-label={t('pdfViewer.next')}
          disabled={page >= count}
          onClick={() => setPage((p) => p + 1)}
        >
          ›
        </IconButton>
        <HStack gap="1" ms="auto">
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('pdfViewer.zoomOut')}
            disabled={scale <= MIN_ZOOM}
            onClick={() => setZoom(Math.max(MIN_ZOOM, scale / ZOOM_STEP))}
          >
            −
          </IconButton>
          <Text minW="3.5rem" textAlign="center" fontVariantNumeric="tabular-nums">
            {Math.round(scale * 100)} %
          </Text>
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('pdfViewer.zoomIn')}
            disabled={scale >= MAX_ZOOM}
            onClick={() => setZoom(Math.min(MAX_ZOOM, scale * ZOOM_STEP))}
          >
            +
          </IconButton>
          <Button size="sm" variant={zoom === null ? 'subtle' : 'outline'} onClick={() => setZoom(null)}>
            {t('pdfViewer.fitWidth')}
          </Button>
        </HStack>
      </HStack>
      <Box ref={box} w="full" overflow="auto" borderWidth="1px" borderColor="border" bg="bg.muted">
        {failed ? (
          <Text p="4" color="fg.error">
            {t('pdfViewer.error')}
          </Text>
        ) : (
          <canvas ref={canvas} role="img" aria-label={t('pdfViewer.canvas', { page })} style={{ display: 'block' }} />
        )}
      </Box>
    </Box>
  );
};
