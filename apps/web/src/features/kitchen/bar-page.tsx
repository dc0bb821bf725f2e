import { StationPage } from './station-page';

export default function BarPage() {
  return <StationPage station="bar" />;
}
