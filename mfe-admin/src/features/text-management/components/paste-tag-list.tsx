import { Space, Tag } from 'antd';

/** A paste's tags as antd tags (colours from the theme); a dash when it has none. */
export function PasteTagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <>—</>;
  return (
    <Space size={[4, 4]} wrap data-testid="paste-tags">
      {tags.map((tag) => (
        <Tag key={tag} bordered={false} style={{ marginInlineEnd: 0 }} data-testid="paste-tag">
          {tag}
        </Tag>
      ))}
    </Space>
  );
}
