import type { ContractTemplate } from '@qlcv/common/schemas/contract-templates';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteContractTemplate } from '../api/contract-templates-api';

/** "Xóa" with a confirmation; a template a contract uses cannot go (set it inactive instead). */
export function DeleteContractTemplateButton({
  template,
  ...props
}: DeleteButtonProps & { template: Pick<ContractTemplate, 'id' | 'name' | 'contracts_count'> }) {
  const remove = useDeleteContractTemplate();
  return (
    <DeleteButton
      {...props}
      noun="mẫu hợp đồng"
      name={template.name}
      content="Mẫu và tệp .docx của nó sẽ bị xóa vĩnh viễn."
      remove={() => remove.mutateAsync(template.id)}
      disabledReason={
        template.contracts_count > 0
          ? `Mẫu đang được dùng cho ${template.contracts_count} hợp đồng; hãy chuyển sang ngừng sử dụng thay vì xóa`
          : undefined
      }
    />
  );
}
