/**
 * One sample page rendered by pdf.js in a canvas as wide as its container, with the zone drawn
 * over it: press, drag and release the mouse (or a finger, or a pen) to draw a new zone.
 */
import { Box, Text } from '@chakra-ui/react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PageFrame, type Point, type Zone, MIN_DRAG_PX, dragToZone, zoneToCss } from './zoneGeometry.ts';

export interface PdfPageCanvasProps {
  readonly doc: PDFDocumentProxy;
  /** 1-based. */
  readonly page: number;
  readonly zone: Zone | null;
  readonly onZone: (zone: Zone) => void;
  /** The page's size in points once rendered (to check the zone fits). */
  readonly onPageSize?: (size: { width: number; height: number }) => void;
}

const MAX_CSS_WIDTH = 820;

export const PdfPageCanvas = ({ doc, page, zone, onZone, onPageSize }: PdfPageCanvasProps) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [frame, setFrame] = useState<PageFrame | null>(null);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.min(MAX_CSS_WIDTH, entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (width <= 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const cssScale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: cssScale * ratio });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      c.style.width = `${width}px`;
      c.style.height = `${base.height * cssScale}px`;
      setFrame({ pageWidth: base.width, pageHeight: base.height, cssWidth: width, cssHeight: base.height * cssScale });
      onPageSize?.({ width: base.width, height: base.height });
      task = p.render({ canvas: c, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
    // onPageSize is a callback prop; the render depends on the page and size only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, page, width]);

  const at = (e: PointerEvent<HTMLDivElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    setDrag({ from: p, to: p });
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, to: at(e) });
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag || !frame) return;
    const to = at(e);
    setDrag(null);
    if (Math.abs(to.x - drag.from.x) < MIN_DRAG_PX || Math.abs(to.y - drag.from.y) < MIN_DRAG_PX) return;
    onZone(dragToZone(drag.from, to, frame, page));
  };

  const shown =
    frame && drag
      ? zoneToCss(dragToZone(drag.from, drag.to, frame, page), frame)
      : frame && zone
        ? zoneToCss(zone, frame)
        : null;

  return (
    <Box ref={box} w="full" maxW={`${MAX_CSS_WIDTH}px`}>
      <Box position="relative" display="inline-block" borderWidth="1px" borderColor="border" bg="white" lineHeight="0">
        <canvas ref={canvas} aria-label={t('masks.editor.canvasLabel', { page })} role="img" />
        <Box
          data-testid="zone-surface"
          position="absolute"
          inset="0"
          cursor="crosshair"
          touchAction="none"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={() => setDrag(null)}
        >
          {shown ? (
            <Box
              data-testid="zone-rect"
              position="absolute"
              left={`${shown.left}px`}
              top={`${shown.top}px`}
              w={`${shown.width}px`}
              h={`${shown.height}px`}
              borderWidth="2px"
              borderColor="blue.500"
              bg="blue.500/15"
              pointerEvents="none"
            />
          ) : null}
        </Box>
      </Box>
      {frame ? null : <Text color="fg.muted">{t('common.loading')}</Text>}
    </Box>
  );
};
