/** The name a reply is signed with; the inbox shows staff by the same name (common/staff-name.ts). */
export { staffNameOf } from '../../common/staff-name.ts';
