#!/usr/bin/env python3
"""Checks `softd3d-caps --json` for every profile (run by tests/run-tests.sh).

For profile P: the derived feature level is P (max: 9_3); every seed-000 row of the levels up to P
is met; every row of the levels above P is not met, except the rows a lower level already implies:
  - 9_2 MaxTextureWidth/Height >= 2048 repeat the 9_1 numbers;
  - 9_2 VertexShaderVersion >= 2.0: the 9_1 profile is a vs_2_0 device too, since
    vs_4_0_level_9_1 shaders need vs_2_0 hardware (profile.c);
  - 9_3 MaxVertexShaderConst >= 256: any vs_2_0 device has at least 256 constants (the vs_2_0
    register reference: "at least 256 for vs_2_0").
The --api d3d11 output must parse and name the level, with the level's limits and formats
(R32_UINT index buffers only from 9_2, seed 004).  The D3D11 level of max is 11_0 (issues 11, 15,
16: the NULL array's first level; 11_1 only when named, though its D3DCAPS9 derive 9_3), and the
10_0 / 10_1 / 11_0 profiles give exactly their level; the limits are the D3D10 ones at 10_x (8192
texels, 8 render targets) and the D3D11 ones at 11_0 (16384 texels).
"""
IMPLIED = {('9_2', 'MaxTextureWidth'), ('9_2', 'MaxTextureHeight'), ('9_2', 'VertexShaderVersion'),
           ('9_3', 'MaxVertexShaderConst')}
import json
import subprocess
import sys

tool = sys.argv[1]
order = ['9_1', '9_2', '9_3']
errors = 0
for profile, level in [('9_1', '9_1'), ('9_2', '9_2'), ('9_3', '9_3'), ('max', '9_3')]:
    d = json.loads(subprocess.check_output([tool, '--json', '--profile', profile]))
    if d['profile'] != profile or d['feature_level'] != level:
        print('profile %s: feature_level %s' % (profile, d['feature_level']))
        errors += 1
    for r in d['rows']:
        want = order.index(r['level']) <= order.index(level)
        if not want and (r['level'], r['member']) in IMPLIED:
            want = True   # implied by a lower level, see the docstring
        if r['met'] != want:
            print('profile %s: row %s %s %s met=%s' % (profile, r['level'], r['member'],
                                                       r['requirement'], r['met']))
            errors += 1
for profile, level in [('9_1', '9_1'), ('9_2', '9_2'), ('9_3', '9_3'), ('max', '11_0'),
                       ('10_0', '10_0'), ('10_1', '10_1'), ('11_0', '11_0')]:
    d11 = json.loads(subprocess.check_output([tool, '--json', '--api', 'd3d11', '--profile', profile]))
    if d11['feature_level'] != level or 'THREADING' not in d11['features']:
        print('profile %s: d3d11 output %r' % (profile, d11))
        errors += 1
    # seed 004 CreateTexture2D: 2048 at 9_1/9_2, 4096 at 9_3; seed 000 NumSimultaneousRTs;
    # D3D10_REQ_TEXTURE2D_U_OR_V_DIMENSION 8192 and 8 render targets at 10_x, D3D11_REQ_*'s
    # 16384 at 11_0.
    want_dim = {'9_1': 2048, '9_2': 2048, '9_3': 4096, '10_0': 8192, '10_1': 8192,
                '11_0': 16384}[level]
    want_rts = {'9_1': 1, '9_2': 1, '9_3': 4, '10_0': 8, '10_1': 8, '11_0': 8}[level]
    lim = d11.get('limits', {})
    if lim.get('MaxTextureDimension') != want_dim or lim.get('SimultaneousRenderTargets') != want_rts:
        print('profile %s: d3d11 limits %r' % (profile, lim))
        errors += 1
    fmts = d11.get('formats', {})
    if 'RENDER_TARGET' not in fmts.get('R8G8B8A8_UNORM', []) or \
            ('IA_INDEX_BUFFER' in fmts.get('R32_UINT', [])) != (level != '9_1'):
        print('profile %s: d3d11 formats R8G8B8A8_UNORM %r R32_UINT %r' %
              (profile, fmts.get('R8G8B8A8_UNORM'), fmts.get('R32_UINT')))
        errors += 1
sys.exit(1 if errors else 0)
