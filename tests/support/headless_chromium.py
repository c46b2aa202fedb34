"""Headless Chromium driven by Selenium, for the tests and benchmarks that open a page of
grundy's in a real browser (the census report, the page): where Chromium and its driver are, a
browser started in its own profile, and the severe entries of its console log."""

import os
import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
# A test's exit code when Chromium or its driver is not installed (ctest's SKIP_RETURN_CODE).
SKIP = 77


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def start_browser(user_data_dir, language="en-US", width=1300, height=1000):
    """A headless Chromium in the profile `user_data_dir`, its pages in `language`, its console
    log kept (severe() reads it)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                     "--disable-extensions", f"--window-size={width},{height}",
                     "--lang=" + language, "--user-data-dir=" + user_data_dir):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def severe(driver):
    """The console's errors so far (level SEVERE)."""
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
