import { Alert, Typography } from 'antd';
import { useEffect, useRef } from 'react';

/** The server's list of what is wrong in an uploaded template, one line per problem, as Word users can act on it. */
export function TemplateProblems({ message, problems }: { message: string; problems: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  // A new list is brought into view: the form may have been scrolled down to the file.
  useEffect(() => {
    if (problems.length > 0) ref.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [problems]);
  return (
    <div ref={ref} style={{ scrollMarginTop: 80 }}>
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="template-problems"
        style={{ marginBottom: 16 }}
        title={message}
        description={
          <>
            <ol style={{ margin: '4px 0 8px', paddingInlineStart: 20 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ol>
            <Typography.Text type="secondary">
              Sửa các thẻ trên trong Word (mỗi thẻ viết liền trong cặp ngoặc {'{ }'}, tên trường lấy từ bảng “Trường trộn”), lưu
              lại rồi chọn tệp lần nữa.
            </Typography.Text>
          </>
        }
      />
    </div>
  );
}
