import type { Parameter } from '@qlcv/common/schemas/parameters';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteParameter } from '../api/parameters-api';

/** "Xóa" with a confirmation; a refusal by the server shows as a toast. */
export function DeleteParameterButton({
  parameter,
  ...props
}: DeleteButtonProps & { parameter: Pick<Parameter, 'id' | 'name'> }) {
  const remove = useDeleteParameter();
  return (
    <DeleteButton
      {...props}
      noun="chỉ tiêu"
      name={parameter.name}
      content="Chỉ tiêu sẽ bị xóa khỏi danh mục. Nếu chỉ tạm không đo, hãy ngừng sử dụng thay vì xóa."
      remove={() => remove.mutateAsync(parameter.id)}
    />
  );
}
