"""Scrapy extensions of scrapy-webclean."""
