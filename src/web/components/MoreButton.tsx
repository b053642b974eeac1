/**
 * « Afficher plus » under a paged read (`useRead` with `paging`): shown while a next page exists, offered
 * while the read machine can take `read.more`, busy while that page loads. The label says what is shown
 * of how many (each list its own words).
 */
import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ReadView } from '../app/useRead.ts';

interface MoreButtonProps {
  readonly read: Pick<ReadView<unknown>, 'hasMore' | 'canMore' | 'loadingMore' | 'more'>;
  readonly size?: 'xs' | 'sm';
  readonly children: ReactNode;
}

export const MoreButton = ({ read, size = 'sm', children }: MoreButtonProps) =>
  read.hasMore ? (
    <Button
      size={size}
      variant="ghost"
      alignSelf="flex-start"
      onClick={read.more}
      disabled={!read.canMore}
      loading={read.loadingMore}
    >
      {children}
    </Button>
  ) : null;
