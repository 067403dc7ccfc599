import type { Site } from '@qlcv/common/schemas/sites';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteSite } from '../api/sites-api';

/** "Xóa" with a confirmation; the server's refusal shows as a toast. */
export function DeleteSiteButton({ site, ...props }: DeleteButtonProps & { site: Pick<Site, 'id' | 'code' | 'name'> }) {
  const remove = useDeleteSite();
  return (
    <DeleteButton
      {...props}
      noun="cơ sở quan trắc"
      name={site.name}
      content={`Cơ sở ${site.code}, các điểm quan trắc và kế hoạch quan trắc của nó sẽ bị xóa vĩnh viễn.`}
      remove={() => remove.mutateAsync(site.id)}
    />
  );
}
