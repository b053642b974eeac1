/**
 * The Chakra system: default recipes with a calm blue-slate brand palette. Components use
 * `colorPalette="brand"` and the semantic tokens (`bg.panel`, `fg.muted`) so a later dark mode
 * only has to touch this file.
 */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { LAYOUT } from '../contract/constants.ts';

const config = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    body: { bg: 'bg.subtle', color: 'fg' },
    // A user who asked their system for less motion (WCAG 2.3.3) gets none: dialogs, drawers, menus and
    // toasts appear and leave at once. No animation at all rather than a very short one: a closing dialog
    // with an animation waits for its end's event to unmount, and a 0.01 ms one sometimes never told it
    // (its backdrop, closed, stayed over the page and took its clicks); with none it unmounts at once.
    '*, *::before, *::after': {
      _motionReduce: {
        animationName: 'none !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eef4fb' },
          100: { value: '#d6e4f4' },
          200: { value: '#aec8e8' },
          300: { value: '#80a8d8' },
          400: { value: '#5487c4' },
          500: { value: '#366bab' },
          600: { value: '#2a568d' },
          700: { value: '#224571' },
          800: { value: '#1b3757' },
          900: { value: '#152a42' },
          950: { value: '#0d1b2b' },
        },
      },
      sizes: {
        header: { value: `${LAYOUT.headerPx}px` },
        headerMobile: { value: `${LAYOUT.headerMobilePx}px` },
        drawer: { value: `${LAYOUT.drawerPx}px` },
        drawerMini: { value: `${LAYOUT.drawerMiniPx}px` },
        notifications: { value: `${LAYOUT.notificationsPanelPx}px` },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
