import type { Program } from '@qlcv/common/schemas/monitoring-programs';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteMonitoringProgram } from '../api/monitoring-programs-api';

/** "Xóa" with a confirmation; the server's refusal shows as a toast. */
export function DeleteProgramButton({
  program,
  ...props
}: DeleteButtonProps & { program: Pick<Program, 'id' | 'code' | 'name'> }) {
  const remove = useDeleteMonitoringProgram();
  return (
    <DeleteButton
      {...props}
      noun="chương trình quan trắc"
      name={program.name}
      content={`Chương trình ${program.code} cùng các đợt quan trắc của nó sẽ bị xóa vĩnh viễn.`}
      remove={() => remove.mutateAsync(program.id)}
    />
  );
}
