import { Box } from '@chakra-ui/react';
import { DelayedLoader } from './DelayedLoader.tsx';

/** Full-screen mask while the application's loading flag is set; it blocks clicks at once, the spinner waits 300 ms. */
export const LoadingMask = () => (
  <Box
    position="fixed"
    inset="0"
    zIndex="overlay"
    bg="bg/70"
    display="flex"
    alignItems="center"
    justifyContent="center"
    aria-busy="true"
  >
    <DelayedLoader />
  </Box>
);
