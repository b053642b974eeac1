/**
 * Internet Explorer 11 and older are refused (seed 000 §2); Edge, Firefox and Chrome are supported.
 * IE ≤ 10 announces "MSIE", IE 11 "Trident/"; Edge (legacy "Edge/" and Chromium "Edg/") is not IE.
 * index.html repeats this test inline for real IE, which never runs the module bundle.
 */
export const isUnsupportedBrowser = (userAgent: string): boolean => /MSIE |Trident\//.test(userAgent);
