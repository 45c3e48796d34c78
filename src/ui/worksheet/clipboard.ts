/**
 * Copying the result. A host may withhold the clipboard from its frames (the resource asks for
 * `clipboardWrite`; hosts MAY grant it), so the older way follows: a selected, hidden field and
 * the copy command. Where neither is allowed, the status line still names the value to copy.
 */
export const copyText = (text: string): void => {
  const fallback = () => {
    const field = document.createElement("textarea")
    field.value = text
    field.setAttribute("readonly", "")
    field.className = "offscreen"
    document.body.append(field)
    field.select()
    try {
      document.execCommand("copy")
    } finally {
      field.remove()
    }
  }
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).catch(fallback)
  else fallback()
}
