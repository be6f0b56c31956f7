import { adminMeta } from '../../components/admin/meta';
import { adminPages } from '../../content/admin-pages';

export const meta = () => adminMeta(adminPages.lead);

export default function Stub() {
  return <h1>lead</h1>;
}
