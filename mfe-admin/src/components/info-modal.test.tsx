import { fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { renderWithKernel, testKernel } from '../test/test-kernel';
import { InfoModal } from './info-modal';

function renderModal(language: 'en-US' | 'zh-CN', onClose = jest.fn(), onAction = jest.fn()) {
  renderWithKernel(
    testKernel({ language }),
    <InfoModal
      open
      title="Report"
      onClose={onClose}
      action={
        <Button key="again" onClick={onAction}>
          Again
        </Button>
      }
    >
      <p data-testid="info-body">What the dialog shows</p>
    </InfoModal>,
  );
  return { onClose, onAction };
}

describe('InfoModal', () => {
  it('shows its content with its own action before the primary Close button, and closes by Close', async () => {
    const { onClose, onAction } = renderModal('en-US');
    expect(await screen.findByTestId('info-body')).toHaveTextContent('What the dialog shows');
    const buttons = screen.getAllByRole('button').filter((button) => ['Again', 'Close'].includes(button.textContent ?? ''));
    expect(buttons.map((button) => button.textContent)).toEqual(['Again', 'Close']);
    fireEvent.click(buttons[0]!);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(buttons[1]!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says Close in Chinese', async () => {
    renderModal('zh-CN');
    await screen.findByTestId('info-body');
    expect(screen.getByRole('button', { name: /^关\s?闭$/ })).toBeInTheDocument();
  });
});
