import { useParams } from 'react-router';
import { WasteView } from '../../../features/waste/components/waste-view';
import { WithActiveStore } from '../with-active-store';

/** `/dashboard/waste/view/:id`: one waste record; approve or reject it when it waits. */
export function WasteRecordRoute() {
  const { id = '' } = useParams();
  return (
    <WithActiveStore>
      {(store) => (
        <WasteView
          key={id}
          wasteId={id}
          currency={store.business.currency}
          timeZone={store.timeZone}
          permissions={store.permissions}
        />
      )}
    </WithActiveStore>
  );
}

export { WasteRecordRoute as Component };
