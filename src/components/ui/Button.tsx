import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, cx, iconButtonClass, type ButtonStyle, type ButtonVariant } from './styles.ts';

type NativeButton = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>;

export interface ButtonProps extends NativeButton, ButtonStyle {
  /** 'button' unless said otherwise, so a button inside a form never submits it by accident. */
  type?: 'button' | 'submit' | 'reset';
}

/** A button in one of the site's variants and sizes. */
export function Button({ variant, size, block, type = 'button', className, ...button }: ButtonProps) {
  return <button type={type} className={cx(buttonClass({ variant, size, block }), className)} {...button} />;
}

export interface IconButtonProps extends Omit<NativeButton, 'aria-label'> {
  /** What the button does, read by screen readers: the icon alone says nothing. */
  label: string;
  variant?: ButtonVariant;
  type?: 'button' | 'submit';
}

/** A button that shows only an icon; its accessible name is required. */
export function IconButton({ label, variant, type = 'button', className, ...button }: IconButtonProps) {
  return <button type={type} aria-label={label} title={label} className={cx(iconButtonClass({ variant }), className)} {...button} />;
}
