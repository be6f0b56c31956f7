import { adminMeta } from '../../components/admin/meta';
import { adminPages } from '../../content/admin-pages';

export const meta = () => adminMeta(adminPages.subscribers);

export default function Stub() {
  return <h1>subscribers</h1>;
}
