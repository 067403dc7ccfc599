import { avatarColor, initials } from '@qlcv/common/format/avatar';
import { Avatar } from 'antd';

/** The user's photo, or their initials on a colour derived from the name. */
export function UserAvatar({ name, src, size = 36 }: { name: string | null | undefined; src?: string | null; size?: number }) {
  if (src) return <Avatar size={size} src={src} alt={name ?? ''} />;
  return (
    <Avatar size={size} style={{ backgroundColor: avatarColor(name), flex: 'none' }} aria-hidden>
      {initials(name)}
    </Avatar>
  );
}
