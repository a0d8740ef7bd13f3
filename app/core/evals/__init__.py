"""Evaluation: question sets, the refused set, eval runs and their flips, calibration."""
