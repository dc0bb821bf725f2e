import { StationPage } from './station-page';

export default function KitchenPage() {
  return <StationPage station="kitchen" />;
}
