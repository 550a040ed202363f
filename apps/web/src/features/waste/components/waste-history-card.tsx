import { Card, Title } from '@mantine/core';
import { WhenLoaded } from '../../../components/feedback/load-states';
import { DocumentTimeline, type TimelineLabel } from '../../../components/timeline/document-timeline';
import type { useWasteEvents } from '../api/waste';

const timelineLabels: Record<string, TimelineLabel> = {
  'waste.recorded': (e) =>
    e.after?.status === 'pending' ? 'Recorded, waiting for approval' : 'Recorded and written off',
  'waste.approved': 'Approved: stock written off',
  'waste.rejected': 'Rejected',
  'waste.photo_added': 'Photo added',
  'waste.photo_replaced': 'Photo replaced',
};

/** The record's history, oldest first: recorded, decided, photos. */
export function WasteHistoryCard({
  events,
  timeZone,
}: {
  events: ReturnType<typeof useWasteEvents>;
  timeZone: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      <WhenLoaded query={events} loadingLabel="Loading the history" errorTitle="We could not load the history">
        {({ items }) => (
          <DocumentTimeline
            events={items}
            labels={timelineLabels}
            timeZone={timeZone}
            detail={(e) =>
              e.action === 'waste.rejected' && typeof e.after?.reason === 'string' ? e.after.reason : null
            }
          />
        )}
      </WhenLoaded>
    </Card>
  );
}
