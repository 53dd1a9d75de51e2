"""The referee in the phone: ``engine`` (pure Python, run by Pyodide in the browser's Web Worker)
and ``bundle`` (what the browser loads, as static files)."""
