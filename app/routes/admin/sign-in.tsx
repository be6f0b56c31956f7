import { adminMeta } from '../../components/admin/meta';
import { adminPages } from '../../content/admin-pages';

export const meta = () => adminMeta(adminPages.signIn);

export default function Stub() {
  return <h1>sign-in</h1>;
}
