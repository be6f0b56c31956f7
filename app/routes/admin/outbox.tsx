import { adminMeta } from '../../components/admin/meta';
import { adminPages } from '../../content/admin-pages';

export const meta = () => adminMeta(adminPages.outbox);

export default function Stub() {
  return <h1>outbox</h1>;
}
