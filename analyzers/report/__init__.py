"""From each file's verdict to the report's rows: cacheable records, then links between files."""
