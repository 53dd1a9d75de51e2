"""The referee: pure-Python rules of every game Scorebook keeps. No Django here (a test checks)."""
