/** What a finished upload gives the user, whether the file came from this device or from a URL. */
export interface UploadResult {
  id: string;
  slug: string;
  filename: string;
  size: number;
  /** Web-client path `/file/{slug}`. */
  path: string;
  password: string | null;
}
