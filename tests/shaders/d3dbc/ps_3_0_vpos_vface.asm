// ps_3_0: the misc registers vPos and vFace.
ps_3_0
dcl vPos.xy
dcl vFace
mul r0.xy, vPos, c0
cmp r0.zw, vFace, c1.xyxy, c1.zwzw
mov oC0, r0
