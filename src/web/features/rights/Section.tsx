/** A titled card of a rights form. */
import { Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export const Section = ({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) => (
  <Card.Root minW="0">
    <Card.Header pb="0">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {intro ? (
        <Text fontSize="sm" color="fg.muted">
          {intro}
        </Text>
      ) : null}
    </Card.Header>
    <Card.Body>{children}</Card.Body>
  </Card.Root>
);
